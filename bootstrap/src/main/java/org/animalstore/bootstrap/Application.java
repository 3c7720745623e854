package org.animalstore.bootstrap;

import io.micronaut.runtime.Micronaut;

/** Starts the Animal Store service. */
public final class Application {

    private Application() {
    }

    public static void main(String[] args) {
        Micronaut.build(args)
                .mainClass(Application.class)
                .banner(false)
                .start();
    }
}
