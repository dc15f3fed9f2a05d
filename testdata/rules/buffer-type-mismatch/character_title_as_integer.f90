! buffer-type-mismatch: rank 0 reads a run's title and variable names and
! broadcasts them. The names go as characters, but the title is broadcast as
! MPI_INTEGER, counting its 80 characters as 20 four-byte integers: the
! buffer holds CHARACTER, and MPI_INTEGER describes INTEGER (MPI-4.1 3.3.1),
! so an MPI library that converts representations garbles it. One
! MPI_CHARACTER matches one character, so a CHARACTER(LEN=n) variable holds
! n of them and an array of k such strings n*k.
program character_title_as_integer
  use mpi_f08
  implicit none
  integer, parameter :: title_len = 80, name_len = 16, nvar = 6
  character(len=title_len) :: title
  character(len=name_len) :: names(nvar)
  character*8 :: units
  integer :: rank, i

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  if (rank == 0) then
     title = 'Sedov blast wave, 128^3 cells'
     units = 'cgs'
     do i = 1, nvar
        write (names(i), '(a, i0)') 'var', i
     end do
  end if

  call MPI_Bcast(title, title_len / 4, MPI_INTEGER, 0, MPI_COMM_WORLD) ! expect: buffer-type-mismatch
  call MPI_Bcast(names, name_len * nvar, MPI_CHARACTER, 0, MPI_COMM_WORLD)
  call MPI_Bcast(units, 8, MPI_CHARACTER, 0, MPI_COMM_WORLD)
  call bcast_label(names(2), MPI_COMM_WORLD)
  print *, rank, trim(title), ' ', trim(names(nvar)), ' ', units

  call MPI_Finalize()

contains

  ! The length of `label` is the actual argument's: the count is its LEN.
  subroutine bcast_label(label, comm)
    character(len=*), intent(inout) :: label
    type(MPI_Comm), intent(in) :: comm
    call MPI_Bcast(label, len(label), MPI_CHARACTER, 0, comm)
  end subroutine bcast_label

end program character_title_as_integer
