! buffer-overflow: the variable names and the output file name are
! broadcast with counts written for C strings. A Fortran CHARACTER(LEN=n)
! holds n characters, one MPI_CHARACTER each (MPI-4.1 3.3.1), with no
! terminating NUL: (name_len + 1) * nvar reaches 4 characters past the end
! of names, and the file name's suffix, characters 8 to path_len of
! outfile, holds path_len - 7 characters, not path_len - 6. Rank 0 sends
! the bytes after each variable; the other ranks overwrite them.
program names_count_with_nul
  use mpi
  implicit none
  integer, parameter :: path_len = 256, name_len = 16, nvar = 4
  character(len=path_len) :: outfile
  character(len=name_len) :: names(nvar)
  integer :: rank, ierr, i

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  ! Every rank knows the run directory; rank 0 chooses the file in it.
  outfile = 'run042/'
  if (rank == 0) then
     outfile(8:) = 'checkpoint_0007.nc'
     do i = 1, nvar
        write (names(i), '(a, i0)') 'field', i
     end do
  end if

  call MPI_BCAST(names, (name_len + 1) * nvar, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr) ! expect: buffer-overflow
  call MPI_BCAST(outfile(8:), path_len - 6, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr) ! expect: buffer-overflow
  print *, rank, trim(outfile), ' ', trim(names(nvar))

  call MPI_FINALIZE(ierr)
end program names_count_with_nul
