package org.animalstore.adapters.rest.pet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Optional;
import java.util.stream.Stream;
import org.animalstore.adapters.rest.error.ApiException;
import org.animalstore.adapters.rest.error.ErrorCode;
import org.animalstore.domain.model.PetId;
import org.animalstore.domain.model.PetStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PageCursorsTest {

    private static final String SECRET = "a-cursor-secret-of-at-least-32-characters";

    private final PageCursors cursors = new PageCursors(SECRET);

    static Stream<Optional<PetStatus>> filters() {
        return Stream.of(Optional.empty(), Optional.of(PetStatus.AVAILABLE), Optional.of(PetStatus.PENDING), Optional.of(PetStatus.SOLD));
    }

    static Stream<Arguments> ids_and_filters() {
        return filters().flatMap(filter -> Stream.of(1L, 42L, Long.MAX_VALUE).map(id -> Arguments.of(id, filter)));
    }

    static Stream<Arguments> different_filters() {
        return filters().flatMap(issued -> filters().filter(used -> !used.equals(issued)).map(used -> Arguments.of(issued, used)));
    }

    @ParameterizedTest
    @MethodSource("ids_and_filters")
    void a_cursor_continues_after_the_id_it_was_issued_for(long id, Optional<PetStatus> filter) {
        String cursor = cursors.encode(new PetId(id), filter);

        assertThat(cursors.decode(cursor, filter)).isEqualTo(new PetId(id));
    }

    @Test
    void a_cursor_is_35_url_safe_characters() {
        assertThat(cursors.encode(new PetId(Long.MAX_VALUE), Optional.of(PetStatus.SOLD))).matches("[A-Za-z0-9_-]{35}");
    }

    @ParameterizedTest
    @MethodSource("different_filters")
    void rejects_a_cursor_used_with_another_status_filter(Optional<PetStatus> issuedFor, Optional<PetStatus> usedWith) {
        String cursor = cursors.encode(new PetId(7), issuedFor);

        assertRejected(() -> cursors.decode(cursor, usedWith), PageCursors.OTHER_FILTER);
    }

    @Test
    void rejects_every_cursor_with_a_single_bit_changed() {
        // given
        byte[] bytes = Base64.getUrlDecoder().decode(cursors.encode(new PetId(1000), Optional.of(PetStatus.PENDING)));

        for (int bit = 0; bit < bytes.length * 8; bit++) {
            // when one bit flips, be it in the id, the filter, the version or the signature
            byte[] altered = bytes.clone();
            altered[bit / 8] ^= (byte) (1 << (bit % 8));
            String tampered = Base64.getUrlEncoder().withoutPadding().encodeToString(altered);

            // then
            assertRejected(() -> cursors.decode(tampered, Optional.of(PetStatus.PENDING)), PageCursors.INVALID);
        }
    }

    @Test
    void rejects_the_id_of_one_cursor_with_the_signature_of_another() {
        byte[] mine = Base64.getUrlDecoder().decode(cursors.encode(new PetId(10), Optional.empty()));
        byte[] other = Base64.getUrlDecoder().decode(cursors.encode(new PetId(11), Optional.empty()));
        System.arraycopy(other, 0, mine, 0, 10);
        String spliced = Base64.getUrlEncoder().withoutPadding().encodeToString(mine);

        assertRejected(() -> cursors.decode(spliced, Optional.empty()), PageCursors.INVALID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA+/",
            "null", "-1", "100", "AQAAAAAAAAAAZA"})
    void rejects_garbage(String garbage) {
        assertRejected(() -> cursors.decode(garbage, Optional.empty()), PageCursors.INVALID);
    }

    @Test
    void rejects_the_same_cursor_spelled_differently() {
        String cursor = cursors.encode(new PetId(5), Optional.empty());
        // 26 bytes fill 34 characters and 4 bits of the 35th; its 2 low bits are unused: flip one.
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        char respelledLast = alphabet.charAt(alphabet.indexOf(cursor.charAt(34)) ^ 1);
        String respelled = cursor.substring(0, 34) + respelledLast;

        assertThat(Base64.getUrlDecoder().decode(respelled)).isEqualTo(Base64.getUrlDecoder().decode(cursor));
        assertRejected(() -> cursors.decode(respelled, Optional.empty()), PageCursors.INVALID);
    }

    @Test
    void rejects_a_cursor_signed_with_another_secret() {
        PageCursors otherService = new PageCursors("another-secret-of-at-least-32-characters");

        String cursor = otherService.encode(new PetId(3), Optional.empty());

        assertRejected(() -> cursors.decode(cursor, Optional.empty()), PageCursors.INVALID);
    }

    @Test
    void without_a_configured_secret_each_instance_signs_with_its_own() {
        PageCursors first = new PageCursors(null);
        PageCursors second = new PageCursors(" ");

        String cursor = first.encode(new PetId(3), Optional.empty());

        assertThat(first.decode(cursor, Optional.empty())).isEqualTo(new PetId(3));
        assertRejected(() -> second.decode(cursor, Optional.empty()), PageCursors.INVALID);
    }

    @Test
    void refuses_a_secret_shorter_than_32_characters() {
        assertThatThrownBy(() -> new PageCursors("x".repeat(31)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("PETSTORE_CURSOR_SECRET must be at least 32 characters long");
    }

    private static void assertRejected(org.assertj.core.api.ThrowableAssert.ThrowingCallable decoding, String message) {
        assertThatThrownBy(decoding)
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_CURSOR))
                .hasMessage(message);
    }
}
