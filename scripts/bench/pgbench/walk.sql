-- Pages of the next-page walk: the unfiltered keyset query from a random position in the catalogue.
\set rows 21
\set after random(0, :pets - 21)
SELECT id, name, category_id, status FROM pet WHERE id > :after ORDER BY id LIMIT :rows;
