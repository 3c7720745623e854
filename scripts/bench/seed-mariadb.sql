-- Seeds pets 1..:pets on MariaDB (statuses available, pending, sold and none in turn), replacing what the
-- catalogue held: the same catalogue as seed.sql on PostgreSQL. Used by start-service.sh with BENCH_DB=mariadb.
SET FOREIGN_KEY_CHECKS = 0;
TRUNCATE TABLE idempotency_key;
TRUNCATE TABLE pet;
SET FOREIGN_KEY_CHECKS = 1;
INSERT INTO pet (name, category_id, status)
SELECT CONCAT('pet-', seq), 1 + seq % 50, ELT(1 + seq % 4, 'available', 'pending', 'sold', NULL)
FROM seq_1_to_:pets ORDER BY seq;
ANALYZE TABLE pet;
