package org.animalstore.bootstrap.logging;

import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import java.util.Arrays;

/**
 * Logback's {@link JsonEncoder} with at most {@code maxDepthPerThrowable} (20) stack frames per exception, as {@code %ex{20}}
 * in a pattern: the encoder has no such setting, and a flood of errors with full stack traces once wrote hundreds of MB.
 */
public final class ShortStackJsonEncoder extends JsonEncoder {

    private int maxDepthPerThrowable = 20;

    public void setMaxDepthPerThrowable(int maxDepthPerThrowable) {
        this.maxDepthPerThrowable = maxDepthPerThrowable;
    }

    @Override
    protected void appendSTEPArray(StringBuilder sb, StackTraceElementProxy[] stepArray, int commonFrames) {
        if (stepArray == null) {
            super.appendSTEPArray(sb, null, commonFrames);
            return;
        }
        int own = commonFrames < stepArray.length ? stepArray.length - commonFrames : stepArray.length;
        super.appendSTEPArray(sb, Arrays.copyOf(stepArray, Math.min(own, maxDepthPerThrowable)), 0);
    }
}
