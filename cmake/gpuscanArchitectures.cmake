# gpuscan_check_architectures(): the clusters, the ring and programmatic dependent launches of
# gpuscan exist only in sm_90 code; a project that builds for older architectures alone still
# works on an H100/H200, through slower paths.  Say so at configure time, once, unless the project
# set GPUSCAN_QUIET_ARCHITECTURES.  (CMake's own default, without CMAKE_CUDA_ARCHITECTURES, is
# the compiler's oldest architecture: sm_75 with CUDA 13.)
function(gpuscan_check_architectures)
  if(GPUSCAN_QUIET_ARCHITECTURES OR NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    return()
  endif()
  set(archs "${CMAKE_CUDA_ARCHITECTURES}")
  if(archs MATCHES "^(native|all|all-major)$")
    return()
  endif()
  foreach(a IN LISTS archs)
    string(REGEX MATCH "^[0-9]+" num "${a}")
    if(num AND num GREATER_EQUAL 90)
      return()
    endif()
  endforeach()
  message(WARNING "gpuscan: CMAKE_CUDA_ARCHITECTURES is '${archs}', without sm_90: on an H100 or "
          "H200 the scans run, but without their fastest paths (thread-block clusters, the ring, "
          "programmatic dependent launch). Configure with a list that holds 90, e.g. "
          "-DCMAKE_CUDA_ARCHITECTURES=\"80;90\" (or =native on a machine with the GPU you build "
          "for); set GPUSCAN_QUIET_ARCHITECTURES to silence this.")
endfunction()
