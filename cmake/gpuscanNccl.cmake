# gpuscan_find_nccl(): defines gpuscan::nccl - gpuscan::gpuscan plus NCCL, for gpuscan_nccl.cuh -
# where NCCL is found (the CUDA Toolkit's own, or under NCCL_HOME), and sets GPUSCAN_HAVE_NCCL.
# Used by the build and by the installed package (gpuscanConfig.cmake), which looks for NCCL on
# the machine that uses it: the core never links NCCL.
function(gpuscan_find_nccl)
  find_path(GPUSCAN_NCCL_INCLUDE_DIR nccl.h HINTS ${CUDAToolkit_INCLUDE_DIRS} ENV NCCL_HOME PATH_SUFFIXES include)
  find_library(GPUSCAN_NCCL_LIBRARY nccl HINTS ${CUDAToolkit_LIBRARY_DIR} ENV NCCL_HOME PATH_SUFFIXES lib lib64)
  if(GPUSCAN_NCCL_INCLUDE_DIR AND GPUSCAN_NCCL_LIBRARY)
    if(NOT TARGET gpuscan::nccl)
      add_library(gpuscan::nccl INTERFACE IMPORTED GLOBAL)
      set_target_properties(gpuscan::nccl PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${GPUSCAN_NCCL_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES "gpuscan::gpuscan;${GPUSCAN_NCCL_LIBRARY}")
    endif()
    set(GPUSCAN_HAVE_NCCL ON PARENT_SCOPE)
  else()
    set(GPUSCAN_HAVE_NCCL OFF PARENT_SCOPE)
  endif()
endfunction()
