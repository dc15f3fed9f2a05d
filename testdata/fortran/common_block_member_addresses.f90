! A struct datatype over a COMMON block: the members' addresses relative to each other (the
! block's layout), and the grid sizes assigned in the unit as counts and strides. (gfortran
! pads a member to its type's alignment, with a warning: the hover and target_abi tests show
! that; this program needs none.)
program common_block_member_addresses
  use mpi
  implicit none
  integer :: nx, ny
  real(8) :: field(10, 8)
  real(8) :: time
  integer :: flag
  integer(2) :: step
  character :: code
  common /grid/ nx, ny, field, time, flag, step, code
  integer :: row, state, tail, ierr
  integer :: blens(4), types(4)
  integer(kind=MPI_ADDRESS_KIND) :: disps(4), first

  call MPI_Init(ierr)
  nx = 10
  ny = 8
  call MPI_Type_vector(ny, 1, nx, MPI_DOUBLE_PRECISION, row, ierr)

  call MPI_Get_address(nx, first, ierr)
  call MPI_Get_address(field, disps(1), ierr)
  call MPI_Get_address(time, disps(2), ierr)
  call MPI_Get_address(flag, disps(3), ierr)
  call MPI_Get_address(step, disps(4), ierr)
  disps = disps - first
  blens = (/ nx*ny, 1, 1, 1 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_INTEGER, MPI_INTEGER2 /)
  call MPI_Type_create_struct(4, blens, disps, types, state, ierr)

  call MPI_Get_address(code, disps(1), ierr)
  call MPI_Get_address(field(1, ny), disps(2), ierr)
  disps(1) = disps(1) - first
  disps(2) = disps(2) - first
  blens(1) = 1
  blens(2) = nx
  types(1) = MPI_CHARACTER
  types(2) = MPI_DOUBLE_PRECISION
  call MPI_Type_create_struct(2, blens, disps, types, tail, ierr)
  call MPI_Finalize(ierr)
end program common_block_member_addresses
