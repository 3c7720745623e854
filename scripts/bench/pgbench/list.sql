-- GET /v1/pets?limit=20 (and each page of the walk): the service asks one row more than the page to know whether another page follows.
\set rows 21
SELECT id, name, category_id, status FROM pet WHERE id > :after ORDER BY id LIMIT :rows;
