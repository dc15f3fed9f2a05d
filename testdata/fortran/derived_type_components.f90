! Components of derived types without SEQUENCE as values (a decomposition's sizes as counts and
! strides, a component assigned and then used) and as locations: MPI_GET_ADDRESS of components
! and of elements of an array of records, laid out as gfortran lays them out.
module decomposition
  implicit none
  type decomp_info
     integer :: xsz(3), zsz(3)
     integer :: nvars
  end type decomp_info
  type particle
     character :: tag
     real(8) :: pos(3)
     integer :: id
     logical :: alive
  end type particle
end module decomposition

program derived_type_components
  use mpi
  use decomposition
  implicit none
  type(decomp_info) :: decomp
  type(particle) :: parts(4)
  integer :: plane, pencil, one, pair, strided, ierr
  integer :: blens(4), types(4)
  integer(kind=MPI_ADDRESS_KIND) :: disps(4), base, next

  call MPI_Init(ierr)
  decomp%xsz = (/ 8, 6, 4 /)
  decomp%zsz(1) = 4
  decomp%zsz(2) = 6
  decomp%zsz(3) = 8
  decomp%nvars = 3
  call MPI_Type_contiguous(decomp%zsz(1)*decomp%zsz(2), MPI_REAL, plane, ierr)
  call MPI_Type_vector(decomp%nvars, decomp%xsz(3), decomp%xsz(1)*decomp%xsz(2), &
                       MPI_DOUBLE_PRECISION, pencil, ierr)

  call MPI_Get_address(parts(1), base, ierr)
  call MPI_Get_address(parts(1)%tag, disps(1), ierr)
  call MPI_Get_address(parts(1)%pos, disps(2), ierr)
  call MPI_Get_address(parts(1)%id, disps(3), ierr)
  call MPI_Get_address(parts(1)%alive, disps(4), ierr)
  disps = disps - base
  blens = (/ 1, 3, 1, 1 /)
  types = (/ MPI_CHARACTER, MPI_DOUBLE_PRECISION, MPI_INTEGER, MPI_LOGICAL /)
  call MPI_Type_create_struct(4, blens, disps, types, one, ierr)

  ! The second particle's position and the third one's id, from the first particle.
  call MPI_Get_address(parts(2)%pos(2), disps(1), ierr)
  call MPI_Get_address(parts(3)%id, disps(2), ierr)
  call MPI_Get_address(parts(2), next, ierr)
  disps(1) = disps(1) - base
  disps(2) = disps(2) - base
  blens(1) = 2
  blens(2) = 1
  types(1) = MPI_DOUBLE_PRECISION
  types(2) = MPI_INTEGER
  call MPI_Type_create_struct(2, blens, disps, types, pair, ierr)
  call MPI_Type_create_resized(one, 0_MPI_ADDRESS_KIND, next - base, strided, ierr)
  call MPI_Finalize(ierr)
end program derived_type_components
