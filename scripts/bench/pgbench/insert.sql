-- POST /v1/pets: Micronaut Data's save, verbatim (pgjdbc appends RETURNING * for the generated id); autocommit, like the service.
\set category random(1, 50)
INSERT INTO "pet" ("name","category_id","status") VALUES (:name,:category,:status) RETURNING *;
