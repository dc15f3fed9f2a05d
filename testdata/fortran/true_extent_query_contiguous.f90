! MPI_TYPE_GET_TRUE_EXTENT of a resized type, the true extent used as a byte count.
program true_extent_query
  use mpi
  implicit none
  integer :: vec, padded, bytes, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent, tlb, textent
  call MPI_Init(ierr)
  call MPI_Type_vector(4, 1, 3, MPI_INTEGER, vec, ierr)
  lb = 0
  extent = 64
  call MPI_Type_create_resized(vec, lb, extent, padded, ierr)
  call MPI_Type_get_true_extent(padded, tlb, textent, ierr)
  call MPI_Type_contiguous(int(textent), MPI_BYTE, bytes, ierr)
  call MPI_Type_free(bytes, ierr)
  call MPI_Type_free(padded, ierr)
  call MPI_Type_free(vec, ierr)
  call MPI_Finalize(ierr)
end program true_extent_query
