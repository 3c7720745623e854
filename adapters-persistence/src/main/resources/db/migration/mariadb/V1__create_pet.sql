-- The catalogue. Constraints repeat the domain's rules so no other writer can store an invalid pet.
-- utf8mb4 holds every Unicode name, 4-byte characters included; a binary collation without padding
-- never equates two different names (no case, accent or trailing-space folding).
CREATE TABLE pet (
    id          BIGINT       NOT NULL AUTO_INCREMENT,
    name        VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    category_id BIGINT       NOT NULL,
    -- NULL: added without a status (the spec states no default).
    status      VARCHAR(9)   CHARACTER SET ascii COLLATE ascii_bin NULL,
    PRIMARY KEY (id),
    CONSTRAINT pet_name_length CHECK (CHAR_LENGTH(name) BETWEEN 1 AND 100),
    CONSTRAINT pet_category_id_positive CHECK (category_id > 0),
    CONSTRAINT pet_status_known CHECK (status IN ('available', 'pending', 'sold')),
    -- Serves "WHERE status = ? AND id > ? ORDER BY id LIMIT n"; the unfiltered listing walks the primary key.
    INDEX pet_status_id_idx (status, id)
) ENGINE = InnoDB DEFAULT CHARACTER SET = utf8mb4 COLLATE = utf8mb4_nopad_bin;
