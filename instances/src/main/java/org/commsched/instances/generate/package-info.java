/**
 * Seeded random networks and instances ({@link org.commsched.instances.generate.Generators}), with
 * short text forms of models ({@link org.commsched.instances.generate.Models}) and length
 * distributions ({@link org.commsched.instances.generate.LengthDistribution}) for the command line.
 */
package org.commsched.instances.generate;
