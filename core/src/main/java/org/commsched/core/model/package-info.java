/**
 * The model every module shares: {@link org.commsched.core.model.Instance} (a network, a problem, a
 * communication model), {@link org.commsched.core.model.Network} with its implicit families
 * (docs/DESIGN.md#networks), routes ({@link org.commsched.core.model.Atlas}), the three kinds of
 * {@link org.commsched.core.model.Schedule}, and the limits of exact arithmetic ({@link
 * org.commsched.core.model.Magnitudes}).
 */
package org.commsched.core.model;
