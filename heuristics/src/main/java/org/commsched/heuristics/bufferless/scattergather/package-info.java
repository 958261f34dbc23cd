/**
 * Bufferless scattering (FDF, single and multiport, with the set-up variant) and the spanning trees
 * and edge-disjoint tree covers that route scatter and gather messages on arbitrary networks
 * (Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of Processors";
 * docs/models/bufferless-scatter-gather.md).
 */
package org.commsched.heuristics.bufferless.scattergather;
