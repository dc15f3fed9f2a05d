! mpi_f08: a 2-D block distribution of a file's global array, process 1 of 2 x 2.
program darray_f08
  use mpi_f08
  implicit none
  type(MPI_Datatype) :: filetype
  call MPI_Init()
  call MPI_Type_create_darray(4, 1, 2, [60, 50], &
                              [MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK], &
                              [MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG], [2, 2], &
                              MPI_ORDER_FORTRAN, MPI_REAL, filetype)
  call MPI_Type_commit(filetype)
  call MPI_Type_free(filetype)
  call MPI_Finalize()
end program darray_f08
