package org.animalstore.adapters.persistence;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.animalstore.domain.model.NewPet;

/**
 * SHA-256 of a NewPet's canonical form: equal pets have equal fingerprints, however their JSON was
 * spelled (field order, whitespace, escapes, ignored fields). The name comes last and cannot hold
 * a line feed (no control characters), so the form is unambiguous.
 */
public final class PetFingerprint {

    private PetFingerprint() {
    }

    public static byte[] of(NewPet newPet) {
        String canonical = "pet-v1\n" + newPet.categoryId().value() + "\n"
                + newPet.status().map(PetRowMapper::toColumn).orElse("") + "\n" + newPet.name().value();
        return sha256(canonical.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
