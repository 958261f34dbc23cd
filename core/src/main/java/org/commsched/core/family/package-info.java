/**
 * Each model family's rules as one object ({@link org.commsched.core.family.FamilyRules}): the
 * schedule kinds it takes, its checker, its bounds, its fallback method, what to use instead of a
 * method that refuses it, and the exact model that answers it. The checker, the bounds and the
 * exact dispatch ask these rules; nothing else in the toolkit switches on {@link
 * org.commsched.core.model.Family}.
 */
package org.commsched.core.family;
