/**
 * The fence of {@code bootstrap}: every class that replaces or subclasses a Micronaut bean or internal, and nothing
 * else ({@code ArchitectureTest.only_the_bootstrap_fence_replaces_micronauts_parts}). Each names, in its Javadoc, the
 * upstream issue it waits for and the canary test that fails once the framework no longer needs it
 * (docs/framework-workarounds/beside-the-fence.md). {@value Workarounds#SWITCH}{@code =false} leaves the security
 * filter and the handler lookup as they ship, for the canaries (and only the {@code test} environment may start so).
 */
package org.animalstore.bootstrap.fence;
