package org.animalstore.bootstrap.logging;

import ch.qos.logback.core.boolex.PropertyConditionBase;
import java.util.Locale;

/** logback.xml's condition for the JSON encoder: {@code LOG_FORMAT} is {@code json}, in any case (other values but text warn). */
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
