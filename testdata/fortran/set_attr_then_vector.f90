! An attribute cached on a datatype (MPI_TYPE_SET_ATTR), then the type used as an old type.
program set_attr
  use mpi
  implicit none
  integer :: cell, grid, keyval, ierr
  integer(kind=MPI_ADDRESS_KIND) :: tag, extra
  call MPI_Init(ierr)
  extra = 0
  call MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, keyval, &
                              extra, ierr)
  call MPI_Type_contiguous(3, MPI_REAL, cell, ierr)
  tag = 42
  call MPI_Type_set_attr(cell, keyval, tag, ierr)
  call MPI_Type_vector(4, 2, 5, cell, grid, ierr)
  call MPI_Type_commit(grid, ierr)
  call MPI_Type_free(grid, ierr)
  call MPI_Type_free(cell, ierr)
  call MPI_Type_free_keyval(keyval, ierr)
  call MPI_Finalize(ierr)
end program set_attr
