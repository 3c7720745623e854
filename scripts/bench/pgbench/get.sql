-- GET /v1/pets/{id}: Micronaut Data's findById, verbatim.
\set id random(1, :pets)
SELECT pet_row_."id",pet_row_."name",pet_row_."category_id",pet_row_."status" FROM "pet" pet_row_ WHERE (pet_row_."id" = :id);
