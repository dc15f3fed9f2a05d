! address-kind, clean twin: the literals carry MPI_ADDRESS_KIND.
subroutine pad_row(rowtype, padded)
  implicit none
  include 'mpif.h'
  integer :: rowtype, padded, ierr

  call MPI_TYPE_CREATE_RESIZED(rowtype, 0_MPI_ADDRESS_KIND, 64_MPI_ADDRESS_KIND, padded, ierr)
  call MPI_TYPE_COMMIT(padded, ierr)
end subroutine pad_row
