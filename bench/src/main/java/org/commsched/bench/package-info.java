/**
 * JMH benchmarks at scale (profile {@code bench}, never in the default build; docs/BENCHMARKS.md)
 * over seeded workloads: chatting on large linear arrays, scatter and gather on large trees.
 */
package org.commsched.bench;
