-- GET /v1/pets?status=...&limit=100: the three statuses at random; each status is a bind parameter, as in the service.
\set rows 101
\set pick random(1, 3)
\if :pick = 1
SELECT id, name, category_id, status FROM pet WHERE status = :available AND id > :after ORDER BY id LIMIT :rows;
\elif :pick = 2
SELECT id, name, category_id, status FROM pet WHERE status = :pending AND id > :after ORDER BY id LIMIT :rows;
\else
SELECT id, name, category_id, status FROM pet WHERE status = :sold AND id > :after ORDER BY id LIMIT :rows;
\endif
