# ctest labels declared in the test files (docs/testing.md, "Labels"):
#   // ctest-labels: hostile            on a line of its own, not right above a test: every test of
#                                       the file carries the labels;
#   // ctest-labels: long               on the line right above a TEST / TEST_F / TEST_P: that test
#   TEST(Suite, Name) {                 only (every instantiation of a TEST_P).
# A file has either one file marker or test markers, not both. `ctest -L hostile` then runs the
# labelled tests, `ctest -LE long` leaves the slow ones out.
#
# gtest_discover_tests labels a whole executable, so an executable is discovered once per set of
# labels in it, each time with a --gtest_filter naming that set's tests (a file marker: its
# suites, which no other file of the executable may use), and once more for the unlabelled rest.

set(MP_TEST_MARKER "// ctest-labels:")
set(MP_TEST_HEAD "(TEST|TEST_F|TEST_P)\\([ \t\n]*([A-Za-z0-9_]+)[ \t\n]*,[ \t\n]*([A-Za-z0-9_]+)")

# The labels a marker line names, sorted, as a list.
function(mp_marker_labels marker out)
  string(REPLACE "${MP_TEST_MARKER}" "" labels "${marker}")
  string(REGEX MATCHALL "[A-Za-z0-9_]+" labels "${labels}")
  list(REMOVE_DUPLICATES labels)
  list(SORT labels)
  set(${out} ${labels} PARENT_SCOPE)
endfunction()

# Every label any marker of <src> names: which files a tree restricted to some labels builds.
function(mp_test_file_labels src out)
  file(STRINGS ${src} markers REGEX "^${MP_TEST_MARKER}")
  set(all "")
  foreach(marker IN LISTS markers)
    mp_marker_labels("${marker}" labels)
    list(APPEND all ${labels})
  endforeach()
  set(${out} ${all} PARENT_SCOPE)
endfunction()

# gtest_discover_tests of <target>, built from <srcs>, once per label set and once for the rest.
function(mp_discover_labelled_tests target srcs)
  set(keys "")           # one per label set, e.g. "hostile" or "hostile+long"
  set(claimed "")        # the suites a file marker labels
  set(suites_seen "")    # every file's suites, once per file
  set(labelled "")       # every labelled test's pattern: what the unlabelled rest leaves out
  foreach(src IN LISTS srcs)
    file(READ ${src} text)
    set(text "\n${text}")  # every marker and test head is then at the start of a line: "\n..."
    string(REGEX MATCHALL "\n${MP_TEST_HEAD}" heads "${text}")
    set(suites "")
    foreach(head IN LISTS heads)
      string(REGEX MATCH "${MP_TEST_HEAD}" _ "${head}")
      list(APPEND suites ${CMAKE_MATCH_2})
    endforeach()
    list(REMOVE_DUPLICATES suites)
    list(APPEND suites_seen ${suites})

    string(REGEX MATCHALL "\n${MP_TEST_MARKER}[^\n]*" markers "${text}")
    string(REGEX MATCHALL "\n${MP_TEST_MARKER}[^\n]*\n${MP_TEST_HEAD}" test_markers "${text}")
    list(LENGTH markers marker_count)
    list(LENGTH test_markers test_marker_count)
    if(marker_count EQUAL 0)
      continue()
    endif()
    if(test_marker_count EQUAL 0)
      if(marker_count GREATER 1)
        message(FATAL_ERROR "${src}: more than one file marker '${MP_TEST_MARKER}'")
      endif()
      mp_marker_labels("${markers}" labels)
      list(JOIN labels "+" key)
      foreach(suite IN LISTS suites)
        list(APPEND patterns_${key} "${suite}.*" "*/${suite}.*")
        list(APPEND labelled "${suite}.*" "*/${suite}.*")
      endforeach()
      list(APPEND claimed ${suites})
      list(APPEND keys ${key})
    elseif(NOT marker_count EQUAL test_marker_count)
      message(FATAL_ERROR "${src}: a file marker and test markers '${MP_TEST_MARKER}' together; "
                          "a test marker stands on the line right above its TEST")
    else()
      foreach(hit IN LISTS test_markers)
        string(REGEX MATCH "^\n([^\n]*)\n${MP_TEST_HEAD}" _ "${hit}")
        set(marker "${CMAKE_MATCH_1}")
        if(CMAKE_MATCH_2 STREQUAL "TEST_P")
          set(pattern "*/${CMAKE_MATCH_3}.${CMAKE_MATCH_4}/*")
        else()
          set(pattern "${CMAKE_MATCH_3}.${CMAKE_MATCH_4}")
        endif()
        mp_marker_labels("${marker}" labels)
        list(JOIN labels "+" key)
        list(APPEND patterns_${key} "${pattern}")
        list(APPEND labelled "${pattern}")
        list(APPEND keys ${key})
      endforeach()
    endif()
  endforeach()

  # A file marker's filter names its suites: no other file may hold tests of the same suite.
  foreach(suite IN LISTS claimed)
    set(seen ${suites_seen})
    list(FILTER seen INCLUDE REGEX "^${suite}$")
    list(LENGTH seen files)
    if(files GREATER 1)
      message(FATAL_ERROR "${target}: suite ${suite} has tests in a file with a file marker "
                          "'${MP_TEST_MARKER}' and in another file; give the suite one file, or mark "
                          "its tests one by one")
    endif()
  endforeach()

  list(REMOVE_DUPLICATES keys)
  foreach(key IN LISTS keys)
    list(JOIN patterns_${key} ":" filter)
    string(REPLACE "+" "\\;" labels "${key}")
    gtest_discover_tests(${target} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 120
                         TEST_FILTER "${filter}" PROPERTIES LABELS "${labels}")
  endforeach()
  if(labelled)
    list(JOIN labelled ":" rest)
    set(rest "-${rest}")
  else()
    set(rest "")
  endif()
  gtest_discover_tests(${target} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 120 TEST_FILTER "${rest}")
endfunction()
