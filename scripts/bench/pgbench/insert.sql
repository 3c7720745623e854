-- POST /v1/pets: the service's insert, verbatim (PetPersistenceAdapter); autocommit, like the service.
\set category random(1, 50)
INSERT INTO pet (name, category_id, status) VALUES (:name, :category, :status) RETURNING id, name, category_id, status;
