# The floors check (ctest FloorsCheck): no file includes a header of a higher floor.
#   cmake -DSOURCE_DIR=<repository> -P cmake/check-floors.cmake
# Every module is linked with the source root as a PUBLIC include directory, so an include of a
# higher floor's header compiles and, when the header is inline, links: the link lines alone do
# not hold the floors. This reads them instead: a file under engine/<module>/ may include its own
# module's headers and those of the modules it links, directly or through them, as declared by the
# meshproof_module(<module> <deps>...) lines of CMakeLists.txt (mp_<name> deps; others ignored).
# Above the engine: verifiers/ includes nothing of reports/ or cli/, reports/ nothing of cli/, and
# no engine file includes verifiers/, reports/ or cli/.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repository> -P check-floors.cmake")
endif()

# ---- the declared floors: each module's direct mp_ dependencies
# (a call may span lines; `function(meshproof_module ...)` is not a call, being no line's start).
# A relative SOURCE_DIR ("-DSOURCE_DIR=.", as docs/testing.md shows) is taken from the current folder.
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)
file(READ ${SOURCE_DIR}/CMakeLists.txt lists_text)
string(REGEX MATCHALL "\n[ \t]*meshproof_module\\([^)]*\\)" calls "${lists_text}")
set(modules "")
foreach(call IN LISTS calls)
  string(REGEX REPLACE "^\n[ \t]*meshproof_module\\(([^)]*)\\)$" "\\1" args "${call}")
  string(REGEX REPLACE "[ \t\n]+" ";" args "${args}")
  list(REMOVE_ITEM args "")
  list(POP_FRONT args module)
  set(direct "")
  foreach(dep IN LISTS args)
    if(dep MATCHES "^mp_([a-z0-9_]+)$")
      list(APPEND direct ${CMAKE_MATCH_1})
    endif()
  endforeach()
  list(APPEND modules ${module})
  set(deps_${module} ${direct})
endforeach()

# ---- each module's floors: the transitive closure of its direct ones
foreach(module IN LISTS modules)
  set(floors "")
  set(todo ${deps_${module}})
  while(todo)
    list(POP_FRONT todo dep)
    if(NOT dep IN_LIST floors)
      list(APPEND floors ${dep})
      list(APPEND todo ${deps_${dep}})
    endif()
  endwhile()
  set(floors_${module} ${floors})
endforeach()

set(violations "")
# check_file(<file> <engine modules it may include, or "*"> <top folders it may not include>)
function(check_file path allowed_engine forbidden_tops)
  file(STRINGS ${path} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  file(RELATIVE_PATH rel ${SOURCE_DIR} ${path})
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
    if(header MATCHES "^engine/([a-z0-9_]+)/")
      set(target ${CMAKE_MATCH_1})
      if(NOT allowed_engine STREQUAL "*" AND NOT target IN_LIST allowed_engine)
        list(APPEND violations "${rel}: includes ${header}, but engine/${target} is not among its floors")
      endif()
    elseif(header MATCHES "^([a-z0-9_]+)/")
      if(CMAKE_MATCH_1 IN_LIST forbidden_tops)
        list(APPEND violations "${rel}: includes ${header}, a higher floor")
      endif()
    endif()
  endforeach()
  set(violations ${violations} PARENT_SCOPE)
endfunction()

# ---- engine/<module>/: its own module and its floors; nothing above the engine
file(GLOB engine_dirs LIST_DIRECTORIES true ${SOURCE_DIR}/engine/*)
foreach(dir IN LISTS engine_dirs)
  if(NOT IS_DIRECTORY ${dir})
    continue()
  endif()
  get_filename_component(module ${dir} NAME)
  if(NOT module IN_LIST modules)
    list(APPEND violations "engine/${module}: no meshproof_module(${module} ...) line in CMakeLists.txt")
    continue()
  endif()
  file(GLOB_RECURSE files ${dir}/*.h ${dir}/*.cpp)
  foreach(path IN LISTS files)
    check_file(${path} "${module};${floors_${module}}" "verifiers;reports;cli")
  endforeach()
endforeach()

# ---- above the engine: the passes, the reports, the executable
set(tops_above_verifiers "reports;cli")
set(tops_above_reports "cli")
foreach(top verifiers reports)
  file(GLOB_RECURSE files ${SOURCE_DIR}/${top}/*.h ${SOURCE_DIR}/${top}/*.cpp)
  foreach(path IN LISTS files)
    check_file(${path} "*" "${tops_above_${top}}")
  endforeach()
endforeach()

if(violations)
  list(LENGTH violations count)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "The floors check found ${count} include(s) of a higher floor or undeclared module(s):\n  ${text}\n"
          "The floors are the meshproof_module(...) lines of CMakeLists.txt (DEVELOPERS.md, Layout).")
endif()
list(LENGTH modules module_count)
message(STATUS "Floors check: ${module_count} engine modules, no include of a higher floor")
