-- Seeds pets 1..:pets (statuses available, pending, sold and none in turn), replacing what the catalogue
-- held. Used by run.sh and vs-spring.sh: psql -v pets=N -f scripts/bench/seed.sql
SET maintenance_work_mem = '256MB';
TRUNCATE pet, idempotency_key RESTART IDENTITY;
INSERT INTO pet (name, category_id, status)
SELECT 'pet-' || g, 1 + g % 50, (ARRAY['available', 'pending', 'sold', NULL])[1 + g % 4]
FROM generate_series(1, :pets) AS g;
VACUUM (ANALYZE) pet;
CHECKPOINT;
