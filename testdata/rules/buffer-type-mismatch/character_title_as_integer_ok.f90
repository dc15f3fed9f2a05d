! buffer-type-mismatch, corrected twin of character_title_as_integer.f90:
! the title goes as title_len MPI_CHARACTER, one per character, like the
! names (name_len * nvar), the CHARACTER*8 units (8) and the LEN=* label.
program character_title_as_integer_ok
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

  call MPI_Bcast(title, title_len, MPI_CHARACTER, 0, MPI_COMM_WORLD)
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

end program character_title_as_integer_ok
