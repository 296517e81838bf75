/// Type names as `String(describing:)` and `String(reflecting:)` write them, read from the
/// type's metadata alone.
///
/// Those initializers first ask whether the metatype conforms to `CustomStringConvertible`
/// and the other printing protocols, and the runtime answers that, for a type it has not
/// seen, by scanning every protocol conformance of the process. Registration names each
/// typed route, its parents and each module: through them, those scans were most of an
/// app's launch. The names are the same (`TypeNameTests` holds them to the initializers').
package enum TypeName {
    /// `BookRoute`: what `String(describing: type)` writes.
    package static func plain(_ type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }

    /// `BookDetailInterface.BookRoute`: what `String(reflecting: type)` writes.
    package static func qualified(_ type: Any.Type) -> String {
        _typeName(type, qualified: true)
    }
}
