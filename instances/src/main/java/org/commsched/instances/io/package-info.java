/**
 * The files of docs/FORMATS.md: instance and schedule JSON read (validated against the bundled
 * schemas, every error one line naming the file, the place and the fix: {@link
 * org.commsched.instances.io.InstanceFormatException}) and written atomically, DSA buffer lists in
 * CSV, and network imports from GraphML and DOT.
 */
package org.commsched.instances.io;
