! address-kind: the lower bound and extent of MPI_TYPE_CREATE_RESIZED written as
! literals.  With mpif.h there is no interface: MPI reads 8 bytes from the
! address of a 4-byte default INTEGER, and the extent it gets is garbage in its
! upper half.
subroutine pad_row(rowtype, padded)
  implicit none
  include 'mpif.h'
  integer :: rowtype, padded, ierr

  call MPI_TYPE_CREATE_RESIZED(rowtype, 0, 64, padded, ierr) ! expect: address-kind, address-kind
  call MPI_TYPE_COMMIT(padded, ierr)
end subroutine pad_row
