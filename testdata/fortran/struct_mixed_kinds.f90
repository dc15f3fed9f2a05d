! A struct of a header record: INTEGER*4, REAL*8, LOGICAL, CHARACTER*16, COMPLEX, with
! displacements computed from the kinds, and a DATA-initialised block-length array.
program header_struct
  use mpi
  implicit none
  integer :: blocks(5), types(5), htype, ierr
  integer(kind=MPI_ADDRESS_KIND) :: disps(5)
  data blocks /1, 2, 1, 16, 1/
  call MPI_Init(ierr)
  types(1) = MPI_INTEGER
  types(2) = MPI_DOUBLE_PRECISION
  types(3) = MPI_LOGICAL
  types(4) = MPI_CHARACTER
  types(5) = MPI_COMPLEX
  disps(1) = 0
  disps(2) = 8
  disps(3) = disps(2) + 2*8
  disps(4) = disps(3) + 4
  disps(5) = disps(4) + 16
  call MPI_Type_create_struct(5, blocks, disps, types, htype, ierr)
  call MPI_Type_commit(htype, ierr)
  call MPI_Finalize(ierr)
end program header_struct
