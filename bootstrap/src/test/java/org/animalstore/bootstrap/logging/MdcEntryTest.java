package org.animalstore.bootstrap.logging;

import static org.assertj.core.api.Assertions.assertThat;

import org.animalstore.adapters.rest.ops.MdcEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

/** The request id in the MDC while a request's context is propagated, as Micronaut nests it (every filter, every signal). */
class MdcEntryTest {

    private final MdcEntry request = new MdcEntry(MdcEntry.REQUEST_ID, "r-1");

    @AfterEach
    void clear() {
        MDC.clear();
    }

    @Test
    void a_nested_propagation_keeps_the_value_and_only_the_outer_one_removes_it() {
        // given the context propagated, and propagated again inside
        String outer = request.updateThreadContext();
        String inner = request.updateThreadContext();

        // when the inner one ends, then the value stays
        request.restoreThreadContext(inner);
        assertThat(MDC.get(MdcEntry.REQUEST_ID)).isEqualTo("r-1");

        // when the outer one ends, then it is gone
        request.restoreThreadContext(outer);
        assertThat(MDC.get(MdcEntry.REQUEST_ID)).isNull();
    }

    @Test
    void puts_back_what_another_request_left_on_the_thread() {
        // given another request's id on the thread
        MDC.put(MdcEntry.REQUEST_ID, "r-0");

        // when this request's context is propagated and ends
        String previous = request.updateThreadContext();
        assertThat(MDC.get(MdcEntry.REQUEST_ID)).isEqualTo("r-1");
        request.restoreThreadContext(previous);

        // then the other id is back
        assertThat(MDC.get(MdcEntry.REQUEST_ID)).isEqualTo("r-0");
    }
}
