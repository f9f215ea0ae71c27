# Writes OUT: `meshproof --help`, `--version` and every command's --help, as the binary prints
# them (cmake -DBINARY=... -DOUT=... -P help-reference.cmake).
set(text "")
foreach(args "--help" "verify;--help" "dump;--help" "unpack;--help" "export;--help" "build;--help" "synth;--help" "diff;--help")
  execute_process(COMMAND ${BINARY} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REPLACE ";" " " shown "${args}")
  string(APPEND text "==== meshproof ${shown}\n${out}${err}\n")
endforeach()
file(WRITE "${OUT}" "${text}")
