# Settings of the Emscripten (3.1.6) build, each with the reason it is here.

# Emscripten's JS tools need the npm package acorn, which Debian installs in /usr/share/nodejs;
# a Node.js that is not Debian's own does not look there, so compiler and linker get NODE_PATH.
set(CMAKE_CXX_COMPILER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")
set(CMAKE_CXX_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")

# C++ exceptions must work: the binding turns each one into a JS Error. They are WebAssembly's
# own (-fwasm-exceptions, run by Node 20 and Chromium since 95), not Emscripten's emulation,
# which routes every call that may throw through a JS wrapper: the emulation made the module a
# tenth larger. LTO lets the linker drop and merge code across files (5 % smaller again).
add_compile_options(-fwasm-exceptions -msimd128 -flto)
add_link_options(-fwasm-exceptions -flto)

# lab_wasm_binding(<target>): the Embind layer only converts values, once a call, so it is
# compiled for size.
function(lab_wasm_binding target)
  target_compile_options(${target} PRIVATE -Oz)
endfunction()

# lab_wasm_module(<target>): the ES-importable module the JS facade loads, in Node and browsers.
#   MODULARIZE              a factory function, so the facade decides when to instantiate
#   SINGLE_FILE             wasm embedded as base64: no fetch of a .wasm file, so it also works
#                           from file:// and in Node 20 (3.1.6 would fetch a file path there)
#   DYNAMIC_EXECUTION=0     no eval/new Function: the page can run under a strict CSP
#   FILESYSTEM=0            the engine reads no files; drops the FS code
#   ALLOW_MEMORY_GROWTH     tensors of any size the page asks for
#   NODEJS_CATCH_*=0        do not install process-wide handlers in the host Node program
function(lab_wasm_module target export_name)
  target_link_options(${target} PRIVATE
    -lembind -sMODULARIZE=1 -sEXPORT_NAME=${export_name} -sSINGLE_FILE=1
    -sENVIRONMENT=web,worker,node -sDYNAMIC_EXECUTION=0 -sFILESYSTEM=0
    -sALLOW_MEMORY_GROWTH=1 -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0)
  set_target_properties(${target} PROPERTIES SUFFIX ".cjs")
endfunction()

# lab_wasm_site_module(<target>): the same module for the hosted page, with the wasm as its own
# file (<target>.wasm) instead of base64 inside the JS: a third smaller to download, and the
# browser compiles it while it streams in (served as application/wasm).
function(lab_wasm_site_module target export_name)
  target_link_options(${target} PRIVATE
    -lembind -sMODULARIZE=1 -sEXPORT_NAME=${export_name}
    -sENVIRONMENT=web,worker -sDYNAMIC_EXECUTION=0 -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1)
  set_target_properties(${target} PROPERTIES SUFFIX ".cjs")
endfunction()

# lab_wasm_program(<target>): a command-line program (tests, benchmark) run by Node.
function(lab_wasm_program target)
  target_link_options(${target} PRIVATE -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node
    -sEXIT_RUNTIME=1)
  # .cjs: the project's package.json says "type": "module", and this output is CommonJS.
  set_target_properties(${target} PROPERTIES SUFFIX ".cjs")
endfunction()
