/**
 * The collective-communication ecosystem's schedule formats: MSCCL algorithm XML written from and
 * read into linear-cost broadcast and gossip schedules, and a plain per-transfer CSV
 * (docs/FORMATS.md#collective-formats).
 */
package org.commsched.instances.io.collective;
