import Foundation

/// Writes a line to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

