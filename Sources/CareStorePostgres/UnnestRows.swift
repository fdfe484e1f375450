import NIOCore
import PostgresNIO

/// The rows of one `INSERT … SELECT … FROM unnest(…)` statement, bound column by column: one
/// array per column, so that a batch of rows costs one statement and one round trip instead of
/// one per row. postgres-nio binds no NULL array elements, so a column that may be NULL is bound
/// as its values (a placeholder where NULL) and a mask that says where.
///
/// ```swift
/// var rows = UnnestRows()
/// let uuid = try rows.input(uuids, type: "uuid")
/// rows.insert("uuid", uuid)
/// try connection.query(rows.insertSQL(into: "patient"), rows.bindings, …)
/// ```
struct UnnestRows {
  /// The values, in the order of the `$n` the expressions name.
  private(set) var bindings = PostgresBindings()
  /// Each bound array with its type (`$3::uuid[]`), in unnest's column order.
  private var arrays: [String] = []
  /// The target columns and the expression each is filled from.
  private var targets: [(column: String, expression: String)] = []

  /// Binds one value shared by every row; returns its parameter (`$n`).
  mutating func value(_ value: String?) -> String {
    bindings.append(value)
    return "$\(bindings.count)"
  }

  /// Binds one column's values, one per row; returns the expression that reads a row's value.
  mutating func input<Value: PostgresArrayEncodable>(_ values: [Value], type: String) throws -> String {
    try bindings.append(values)
    arrays.append("$\(bindings.count)::\(type)[]")
    return "u.c\(arrays.count)"
  }

  /// Binds one column's values that may be `nil`, as the values (`placeholder` where `nil`) and
  /// a mask; returns the expression that reads a row's value or NULL.
  mutating func input<Value: PostgresArrayEncodable>(_ values: [Value?], type: String, placeholder: Value) throws
    -> String
  {
    let value = try input(values.map { $0 ?? placeholder }, type: type)
    let isNull = try input(values.map { $0 == nil }, type: "boolean")
    return "CASE WHEN \(isNull) THEN NULL ELSE \(value) END"
  }

  /// Fills `column` from `expression` (over the inputs and values above).
  mutating func insert(_ column: String, _ expression: String) {
    targets.append((column, expression))
  }

  /// The statement: the rows inserted into `table` in the order given, then `suffix` (a
  /// `RETURNING` clause, say).
  func insertSQL(into table: String, suffix: String = "") -> String {
    let columns = (1...arrays.count).map { "c\($0)" }.joined(separator: ", ")
    return """
      INSERT INTO \(table) (\(targets.map(\.column).joined(separator: ", ")))
      SELECT \(targets.map(\.expression).joined(separator: ", "))
      FROM unnest(\(arrays.joined(separator: ", "))) WITH ORDINALITY AS u(\(columns), ordinal)
      ORDER BY u.ordinal \(suffix)
      """
  }
}
