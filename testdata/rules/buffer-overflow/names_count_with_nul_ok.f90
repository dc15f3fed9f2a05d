! buffer-overflow, corrected twin of names_count_with_nul.f90: name_len
! characters per name, and the path_len - 7 characters of outfile(8:).
program names_count_with_nul_ok
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

  call MPI_BCAST(names, name_len * nvar, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call MPI_BCAST(outfile(8:), path_len - 7, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  print *, rank, trim(outfile), ' ', trim(names(nvar))

  call MPI_FINALIZE(ierr)
end program names_count_with_nul_ok
