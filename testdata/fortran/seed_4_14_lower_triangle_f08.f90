! Example 4.14 with mpi_f08: TYPE(MPI_Datatype), no ierror, keyword arguments.
program lower_triangle
  use mpi_f08
  implicit none
  real :: a(100,100), b(100,100)
  integer :: disp(100), blocklen(100), myrank, i
  type(MPI_Datatype) :: ltype
  type(MPI_Status) :: status

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, myrank)
  do i = 1, 100
     disp(i) = 100*(i-1) + i
     blocklen(i) = 100-i
  end do
  call MPI_Type_indexed(count=100, array_of_blocklengths=blocklen, &
                        array_of_displacements=disp, oldtype=MPI_REAL, newtype=ltype)
  call MPI_Type_commit(ltype)
  call MPI_Sendrecv(a, 1, ltype, myrank, 0, b, 1, ltype, myrank, 0, &
                    MPI_COMM_WORLD, status)
  call MPI_Finalize()
end program lower_triangle
