# Install and package (README "Install"). `cmake --install build --prefix P` puts the binary in
# P/bin, its reference (every command's --help) and the notices in P/share/doc/meshproof; the
# document manifests are inside the binary (reports/document_manifests.h). scripts/package makes
# the tarball (the shared libraries Debian ships no static archive of, beside the binary in
# P/lib, found through the rpath) and the .deb (those libraries as Depends).
include(GNUInstallDirs)

# libstdc++ and libgcc_s stay shared: every Debian and Ubuntu system has them (apt needs them),
# and the shared libraries shipped beside the binary use them; linking a second copy into the
# binary would also pull symbols of glibc 2.36 (arc4random) that Ubuntu 22.04 lacks.
set_target_properties(meshproof PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
install(TARGETS meshproof RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/NOTICE ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The command reference, from the binary's own --help (so it cannot drift from what it does).
if(NOT CMAKE_CROSSCOMPILING)
  set(MESHPROOF_REFERENCE ${CMAKE_BINARY_DIR}/meshproof-reference.txt)
  add_custom_command(OUTPUT ${MESHPROOF_REFERENCE}
    COMMAND ${CMAKE_COMMAND} -DBINARY=$<TARGET_FILE:meshproof> -DOUT=${MESHPROOF_REFERENCE}
            -P ${CMAKE_SOURCE_DIR}/cmake/help-reference.cmake
    DEPENDS meshproof ${CMAKE_SOURCE_DIR}/cmake/help-reference.cmake
    COMMENT "Writing the command reference from --help" VERBATIM)
  add_custom_target(meshproof_reference ALL DEPENDS ${MESHPROOF_REFERENCE})
  install(FILES ${MESHPROOF_REFERENCE} DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()

# The .deb: Debian 12's runtime packages of the libraries linked shared.
set(CPACK_PACKAGE_NAME meshproof)
set(CPACK_PACKAGE_VENDOR "meshproof")
set(CPACK_PACKAGE_CONTACT "meshproof developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Batch corpus verifier for game collision data (Havok compressed meshes, Freelancer .sur)")
set(CPACK_PACKAGE_FILE_NAME "meshproof-${PROJECT_VERSION}-linux-x86_64")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libc6 (>= 2.34), libtbb12, libfmt9, libsimdjson14, libmimalloc2.0, libabsl20220623")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
