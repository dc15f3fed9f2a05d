! MPI_TYPE_GET_EXTENT on a handle, its extent used to resize another type.
program get_extent
  use mpi
  implicit none
  integer :: elem, strided, resized, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent
  call MPI_Init(ierr)
  call MPI_Type_contiguous(3, MPI_DOUBLE_PRECISION, elem, ierr)
  call MPI_Type_get_extent(elem, lb, extent, ierr)
  call MPI_Type_vector(5, 1, 4, elem, strided, ierr)
  call MPI_Type_create_resized(strided, lb, extent, resized, ierr)
  call MPI_Type_commit(resized, ierr)
  call MPI_Type_free(resized, ierr)
  call MPI_Type_free(strided, ierr)
  call MPI_Type_free(elem, ierr)
  call MPI_Finalize(ierr)
end program get_extent
