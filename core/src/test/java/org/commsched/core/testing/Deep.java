package org.commsched.core.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a deep suite: one whose cost is in long exact-model runs or in many time-limited solver
 * runs rather than in its case count, so that lowering {@code commsched.cases} does not make it
 * cheap (docs/TESTS.md#profiles).
 *
 * <p>The default {@code mvn -B verify} leaves these out (the parent pom's surefire {@code
 * excludedGroups}), so that the everyday test command fits a coffee break; the {@code deep} profile
 * ({@code mvn -B verify -Pdeep}, which CI runs) runs them, together with every other suite at the
 * full case count. One tag for every module, through core's test-jar, so that the profile has one
 * name to include and there is nothing to keep in step between modules.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(Deep.TAG)
public @interface Deep {
  /** The JUnit tag the build selects on. */
  String TAG = "deep";
}
