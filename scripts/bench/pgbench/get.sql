-- GET /v1/pets/{id}: the service's lookup by primary key, verbatim (PetPersistenceAdapter).
\set id random(1, :pets)
SELECT id, name, category_id, status FROM pet WHERE id = :id;
