#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's `read` and `write` by names of their own, for the
// terminal here and for the tests' pseudo-terminals: inside a type with
// `read` and `write` methods, the bare names would mean the methods.
#if canImport(Glibc)
/// The C library's `read(2)`.
package let systemRead = Glibc.read
/// The C library's `write(2)`.
package let systemWrite = Glibc.write
#elseif canImport(Musl)
/// The C library's `read(2)`.
package let systemRead = Musl.read
/// The C library's `write(2)`.
package let systemWrite = Musl.write
#elseif canImport(Darwin)
/// The C library's `read(2)`.
package let systemRead = Darwin.read
/// The C library's `write(2)`.
package let systemWrite = Darwin.write
#endif
