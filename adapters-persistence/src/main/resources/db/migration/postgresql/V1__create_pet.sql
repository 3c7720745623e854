-- The catalogue. Constraints repeat the domain's rules so no other writer can store an invalid pet.
CREATE TABLE pet (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text   NOT NULL CONSTRAINT pet_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
    category_id bigint NOT NULL CONSTRAINT pet_category_id_positive CHECK (category_id > 0),
    -- NULL: added without a status (the spec states no default).
    status      text            CONSTRAINT pet_status_known CHECK (status IN ('available', 'pending', 'sold'))
);

-- Serves "WHERE status = ? AND id > ? ORDER BY id LIMIT n"; the unfiltered listing walks the primary key.
CREATE INDEX pet_status_id_idx ON pet (status, id);
