C     Sizes of header_macros_master_block.F, declared with a macro of ee_macros.h
C     (cpp expands the macros of a #include'd header too).
      _RS nLevels, nCols
      PARAMETER ( nLevels = 5, nCols = 12 )
