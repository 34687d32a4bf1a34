# XGBoost (Debian's libxgboost-dev) for the cost model, as the target autogemm_xgboost.
#
# Debian ships XGBoost only as a shared library, and the device machines run our binaries
# without Debian packages. So the build copies libxgboost, and every library it needs beyond
# glibc, libstdc++ and libgcc (libdmlc, libgomp), into <build>/lib under their sonames, and each
# executable that links autogemm_xgboost gets an $ORIGIN-relative RPATH to that folder: carrying
# the build folder carries XGBoost. The RPATH is DT_RPATH (--disable-new-dtags), not RUNPATH,
# because only DT_RPATH is also searched for libxgboost's own dependencies.

find_library(AUTOGEMM_XGBOOST_LIBRARY NAMES xgboost REQUIRED)
find_path(AUTOGEMM_XGBOOST_INCLUDE NAMES xgboost/c_api.h REQUIRED)
set(AUTOGEMM_BUNDLED_LIB_DIR "${CMAKE_BINARY_DIR}/lib")

# Copies `library` under its soname into AUTOGEMM_BUNDLED_LIB_DIR, with every dependency ldd
# resolves that a plain glibc system may lack. At configure time: configure_file re-copies
# when a source changes.
function(autogemm_bundle_shared_library library)
  execute_process(COMMAND "${CMAKE_OBJDUMP}" -p "${library}" OUTPUT_VARIABLE dynamic
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT dynamic MATCHES "SONAME +([^ \n]+)")
    message(FATAL_ERROR "cannot read the soname of ${library}")
  endif()
  configure_file("${library}" "${AUTOGEMM_BUNDLED_LIB_DIR}/${CMAKE_MATCH_1}" COPYONLY)
  execute_process(COMMAND ldd "${library}" OUTPUT_VARIABLE deps RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ldd ${library} failed")
  endif()
  string(REPLACE "\n" ";" deps "${deps}")
  foreach(line IN LISTS deps)
    if(line MATCHES "not found")
      message(FATAL_ERROR "${library} needs a library the loader cannot find: ${line}")
    endif()
    if(NOT line MATCHES "^[ \t]*([^ \t]+) => ([^ \t]+) \\(")
      continue()  # the vdso and the loader itself
    endif()
    set(name "${CMAKE_MATCH_1}")
    set(path "${CMAKE_MATCH_2}")
    if(name MATCHES "^(libc|libm|libdl|librt|libpthread|libstdc\\+\\+|libgcc_s|ld-linux.*)\\.so")
      continue()  # glibc and the C++ runtime: every machine that runs our binaries has them
    endif()
    configure_file("${path}" "${AUTOGEMM_BUNDLED_LIB_DIR}/${name}" COPYONLY)
  endforeach()
endfunction()

autogemm_bundle_shared_library("${AUTOGEMM_XGBOOST_LIBRARY}")

# CMake writes the flag into the build file as is: `$` must reach the linker through the build
# tool and the shell, escaped for each generator's rules.
if(CMAKE_GENERATOR MATCHES "Ninja")
  set(_autogemm_origin [[\$$ORIGIN]])
else()
  set(_autogemm_origin [[\$ORIGIN]])
endif()
add_library(autogemm_xgboost INTERFACE)
target_include_directories(autogemm_xgboost SYSTEM INTERFACE "${AUTOGEMM_XGBOOST_INCLUDE}")
# The relative path from each consuming executable's folder to the bundle.
set(_autogemm_to_bundle
    "$<PATH:RELATIVE_PATH,${AUTOGEMM_BUNDLED_LIB_DIR},$<TARGET_PROPERTY:BINARY_DIR>>")
target_link_libraries(autogemm_xgboost INTERFACE "${AUTOGEMM_XGBOOST_LIBRARY}"
                      "-Wl,--disable-new-dtags" "-Wl,-rpath,${_autogemm_origin}/${_autogemm_to_bundle}")
