package org.commsched.core.testing;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints a failing test's display name ({@code seed S} for the property suites) with the seed
 * switches of the run, since Maven's console names a parameterized case by its index only.
 * Registered for every module that has core's test-jar through {@code META-INF/services} and
 * JUnit's extension autodetection (switched on in the parent pom).
 */
public final class SeedReporter implements TestWatcher {
  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    String method = context.getTestMethod().map(m -> "." + m.getName()).orElse("");
    System.err.println(
        "[commsched] failed: "
            + context.getRequiredTestClass().getSimpleName()
            + method
            + " ["
            + context.getDisplayName()
            + "], "
            + Seeds.SEED_PROPERTY
            + "="
            + (Seeds.fixed() ? "fixed" : Seeds.base())
            + ", "
            + Seeds.CASES_PROPERTY
            + "="
            + Seeds.cases());
  }
}
