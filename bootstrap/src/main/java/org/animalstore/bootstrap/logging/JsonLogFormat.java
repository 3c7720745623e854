package org.animalstore.bootstrap.logging;

import ch.qos.logback.core.boolex.PropertyConditionBase;
import java.util.Locale;

/**
 * The condition of logback.xml choosing the JSON encoder: {@code LOG_FORMAT} is {@code json}, in any case. A value
 * other than {@code text} or {@code json} is reported (logback then prints its status) and gives readable lines.
 */
public final class JsonLogFormat extends PropertyConditionBase {

    @Override
    public boolean evaluate() {
        String format = property("LOG_FORMAT").strip().toLowerCase(Locale.ROOT);
        if (!format.isEmpty() && !format.equals("text") && !format.equals("json")) {
            addWarn("LOG_FORMAT must be text or json, not '" + format + "': writing text");
        }
        return format.equals("json");
    }
}
