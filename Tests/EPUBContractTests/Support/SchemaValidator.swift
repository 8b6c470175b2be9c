import Foundation
import EPUBContract

/// The subset of JSON Schema 2020-12 that `schemas/*.schema.json` uses: type, properties, required,
/// additionalProperties: false, items, enum, const, pattern, minimum, anyOf and local `$ref`.
/// CI also checks the corpus with a complete validator; this one keeps `swift test` self-contained.
struct SchemaValidator {
    let root: JSONValue

    /// Every violation as "JSON pointer: reason"; empty when the instance is valid.
    func errors(in instance: JSONValue) -> [String] {
        var out: [String] = []
        check(instance, against: root, at: "", into: &out)
        return out
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.string, ref.hasPrefix("#/") else { return schema }
        var node = root
        for part in ref.dropFirst(2).split(separator: "/") { node = node[String(part)] ?? .null }
        return node
    }

    private func typeName(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .number(let d): return d == d.rounded() ? "integer" : "number"
        case .string: return "string"
        case .array, .lazyArray: return "array"
        case .object: return "object"
        }
    }

    private func check(_ v: JSONValue, against raw: JSONValue, at pointer: String, into out: inout [String]) {
        let schema = resolve(raw)
        if let any = schema["anyOf"]?.array {
            let ok = any.contains { option in
                var scratch: [String] = []
                check(v, against: option, at: pointer, into: &scratch)
                return scratch.isEmpty
            }
            if !ok { out.append("\(pointer): matches none of anyOf") }
            return
        }
        if let type = schema["type"] {
            let allowed = type.array?.compactMap(\.string) ?? [type.string].compactMap { $0 }
            let actual = typeName(v)
            if !(allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))) {
                out.append("\(pointer): is \(actual), expected \(allowed.joined(separator: "|"))")
                return
            }
        }
        if let values = schema["enum"]?.array, !values.contains(v) {
            out.append("\(pointer): \(v.serialized()) is not one of \(JSONValue.array(values).serialized())")
        }
        if let constant = schema["const"], constant != v {
            out.append("\(pointer): \(v.serialized()) is not \(constant.serialized())")
        }
        if case .string(let s) = v, let pattern = schema["pattern"]?.string {
            if s.range(of: pattern, options: .regularExpression) == nil { out.append("\(pointer): '\(s)' does not match \(pattern)") }
        }
        if let minimum = schema["minimum"] {
            let bound: Double? = { if case .integer(let i) = minimum { return Double(i) }; if case .number(let d) = minimum { return d }; return nil }()
            let value: Double? = { if case .integer(let i) = v { return Double(i) }; if case .number(let d) = v { return d }; return nil }()
            if let bound, let value, value < bound { out.append("\(pointer): \(value) is below \(bound)") }
        }
        if case .object(let members) = v {
            let properties = schema["properties"]
            for key in schema["required"]?.array?.compactMap(\.string) ?? [] where !members.contains(where: { $0.0 == key }) {
                out.append("\(pointer): missing required key '\(key)'")
            }
            for (key, value) in members {
                if let sub = properties?[key] {
                    check(value, against: sub, at: "\(pointer)/\(key)", into: &out)
                } else if schema["additionalProperties"] == .bool(false) {
                    out.append("\(pointer): unexpected key '\(key)'")
                }
            }
        }
        if case .array(let items) = v, let itemSchema = schema["items"] {
            for (i, item) in items.enumerated() { check(item, against: itemSchema, at: "\(pointer)/\(i)", into: &out) }
        }
    }
}
