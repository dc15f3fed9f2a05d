! Keyword arguments of the file's own procedures (in any order, an optional one left out before
! a keyword one), and a handle that MPI_TYPE_SET_ATTR, MPI_TYPE_SET_NAME and MPI_TYPE_GET_EXTENT
! leave as it was: the extent they return resizes it.
module column_types
  use mpi
  implicit none
contains
  subroutine make_column(nrows, ncols, newtype)
    integer, intent(in) :: nrows, ncols
    integer, intent(out) :: newtype
    integer :: ierr
    call MPI_Type_vector(ncols, 1, nrows, MPI_REAL, newtype, ierr)
  end subroutine make_column

  subroutine make_block(newtype, count, label, oldtype)
    integer, intent(out) :: newtype
    integer, intent(in) :: count, oldtype
    character(len=*), intent(in), optional :: label
    integer :: ierr
    call MPI_Type_contiguous(count, oldtype, newtype, ierr)
    if (present(label)) call MPI_Type_set_name(newtype, label, ierr)
  end subroutine make_block
end module column_types

program keyword_arguments_and_attributes
  use mpi
  use column_types
  implicit none
  integer :: column, block, padded, keyval, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent, attr, extra

  call MPI_Init(ierr)
  call make_column(ncols=6, nrows=10, newtype=column)
  call make_block(oldtype=MPI_DOUBLE_PRECISION, newtype=block, count=4)
  extra = 0
  call MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, keyval, extra, ierr)
  attr = 42
  call MPI_Type_set_attr(column, keyval, attr, ierr)
  call MPI_Type_set_name(column, 'column', ierr)
  call MPI_Type_get_extent(column, lb, extent, ierr)
  call MPI_Type_create_resized(column, lb, extent + 4, padded, ierr)
  call MPI_Type_delete_attr(column, keyval, ierr)
  call MPI_Type_free_keyval(keyval, ierr)
  call MPI_Finalize(ierr)
end program keyword_arguments_and_attributes
