! Sizes under the names one module gives them.
module sizes
  implicit none
  integer, parameter :: n = 5, m = 7
end module sizes
